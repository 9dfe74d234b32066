#!/usr/bin/env node
// `npx bouwsteen <command>` (package.json "bin"); the commands are in server/cli/commands.ts.
import { runCli } from './main.ts';

const exitCode = await runCli(process.argv.slice(2), {
  io: {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    isTty: process.stdout.isTTY === true,
  },
  cwd: process.cwd(),
});
process.exitCode = exitCode;
