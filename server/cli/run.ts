import { ArchiveError } from '../backup/archive.ts';
import { LoadError } from '../backup/database.ts';
import { TargetAddressError, TargetError } from '../backup/targets.ts';
import { AppError } from '../errors.ts';
import { COMMAND_SPECS, type CommandContext, type CommandSpec } from './commands.ts';
import { CommandError, EXIT, UsageError } from './io.ts';

/** Parsing `argv` and running one command with clear messages and exit codes (never a stack trace). */

export type ParsedArgs = { positionals: string[]; options: Record<string, string | true> };

const GROUPS = [
  ...new Set(COMMAND_SPECS.filter((spec) => spec.name.includes(' ')).map((spec) => spec.name.split(' ')[0])),
];

export function globalHelp(): string {
  const width = Math.max(...COMMAND_SPECS.map((spec) => spec.name.length));
  const lines = COMMAND_SPECS.map((spec) => `  ${spec.name.padEnd(width)}  ${spec.summary}`);
  return [
    'Usage: npx bouwsteen <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Every command reads the same settings as the server (DATA_DIR, DATABASE_URL, MEDIA_STORAGE, …).',
    'While the server runs on the embedded database, commands are carried out by the server itself.',
    'Help for one command: npx bouwsteen <command> --help',
    '',
  ].join('\n');
}

export function commandHelp(spec: CommandSpec): string {
  const options = Object.entries(spec.options).map(
    ([name, option]) => `  --${name}${option.value ? ' VALUE' : ''}\n      ${option.help}`,
  );
  return [
    `Usage: npx bouwsteen ${spec.usage}`,
    '',
    `${spec.summary[0]?.toUpperCase()}${spec.summary.slice(1)}.`,
    ...(options.length > 0 ? ['', 'Options:', ...options] : []),
    '  --help\n      show this help',
    '',
  ].join('\n');
}

export type Resolved =
  | { kind: 'help'; text: string; exitCode: number }
  | { kind: 'run'; spec: CommandSpec; args: ParsedArgs };

/** Finds the command and parses its options; bad input is a UsageError naming what is wrong. */
export function resolveCommand(argv: readonly string[]): Resolved {
  const [first, second] = argv;
  if (first === undefined) return { kind: 'help', text: globalHelp(), exitCode: EXIT.usage };
  if (first === '--help' || first === '-h' || first === 'help')
    return { kind: 'help', text: globalHelp(), exitCode: EXIT.ok };
  let spec = COMMAND_SPECS.find((candidate) => candidate.name === `${first} ${second}`);
  let rest = argv.slice(2);
  if (!spec) {
    if (GROUPS.includes(first)) {
      const verbs = COMMAND_SPECS.filter((candidate) => candidate.name.startsWith(`${first} `)).map(
        (candidate) => candidate.name.split(' ')[1],
      );
      if (second === undefined || second === '--help' || second === '-h') {
        const text = `Usage: npx bouwsteen ${first} <${verbs.join('|')}> [options]\n`;
        return { kind: 'help', text, exitCode: second === undefined ? EXIT.usage : EXIT.ok };
      }
      throw new UsageError(`unknown command: ${first} ${second} (${first} takes ${verbs.join(', ')})`);
    }
    spec = COMMAND_SPECS.find((candidate) => candidate.name === first);
    rest = argv.slice(1);
  }
  if (!spec) throw new UsageError(`unknown command: ${first} (npx bouwsteen --help lists them)`);
  if (rest.includes('--help') || rest.includes('-h'))
    return { kind: 'help', text: commandHelp(spec), exitCode: EXIT.ok };
  return { kind: 'run', spec, args: parseArgs(spec, rest) };
}

function parseArgs(spec: CommandSpec, argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (argument.startsWith('--')) {
      const [name = '', inline] = argument.slice(2).split(/=(.*)/s, 2);
      const option = spec.options[name];
      if (!option) throw new UsageError(`${spec.name} has no option --${name}`);
      if (name in options) throw new UsageError(`--${name} is given twice`);
      if (!option.value) {
        if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
        options[name] = true;
        continue;
      }
      const value = inline ?? argv[index + 1];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        throw new UsageError(`--${name} needs a value`);
      }
      if (inline === undefined) index += 1;
      options[name] = value;
      continue;
    }
    if (argument.startsWith('-') && argument !== '-') throw new UsageError(`unknown option ${argument}`);
    positionals.push(argument);
  }
  const required = spec.positionals.filter((positional) => positional.required);
  if (positionals.length < required.length) {
    throw new UsageError(`${spec.name} needs ${required.map((positional) => positional.name).join(' ')}`);
  }
  if (positionals.length > spec.positionals.length) {
    throw new UsageError(
      `${spec.name} does not take ${positionals.slice(spec.positionals.length).join(' ')}`,
    );
  }
  return { positionals, options };
}

/** The message of an error the user can act on; other errors are reported without their stack. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof UsageError || error instanceof TargetAddressError) {
    return { message: error.message, exitCode: EXIT.usage };
  }
  if (
    error instanceof CommandError ||
    error instanceof ArchiveError ||
    error instanceof TargetError ||
    error instanceof LoadError ||
    error instanceof AppError
  ) {
    return { message: error.message, exitCode: EXIT.failed };
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') {
    return {
      message: `permission denied: ${(error as NodeJS.ErrnoException).path ?? ''}`.trim(),
      exitCode: EXIT.failed,
    };
  }
  if (code === 'ENOSPC') return { message: 'the disk is full', exitCode: EXIT.failed };
  if (code === 'ENOENT' && (error as NodeJS.ErrnoException).path) {
    return {
      message: `no such file or directory: ${(error as NodeJS.ErrnoException).path}`,
      exitCode: EXIT.failed,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  // A failed query (drizzle) says which; its cause says why.
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return { message: `failed: ${message.split('\n')[0]}${cause}`, exitCode: EXIT.failed };
}

/**
 * Runs a resolved command in the given context: the output goes to `context.io`, the result is the
 * exit code. Every error becomes one line on stderr.
 */
export async function runResolved(resolved: Resolved, context: CommandContext): Promise<number> {
  if (resolved.kind === 'help') {
    (resolved.exitCode === EXIT.ok ? context.io.out : context.io.err)(resolved.text);
    return resolved.exitCode;
  }
  try {
    return await resolved.spec.run(context, resolved.args);
  } catch (error) {
    const { message, exitCode } = describeError(error);
    context.io.err(`error: ${message}\n`);
    if (exitCode === EXIT.usage) context.io.err(`usage: npx bouwsteen ${resolved.spec.usage}\n`);
    return exitCode;
  }
}

/** resolveCommand + runResolved, with a usage error in parsing reported the same way. */
export async function runCommandLine(argv: readonly string[], context: CommandContext): Promise<number> {
  let resolved: Resolved;
  try {
    resolved = resolveCommand(argv);
  } catch (error) {
    const { message, exitCode } = describeError(error);
    context.io.err(`error: ${message}\n`);
    return exitCode;
  }
  return runResolved(resolved, context);
}
