import sharp from 'sharp';

/*
 * Images for the media tests: each PNG another colour (so each upload is a new file to the library,
 * never found again by its content hash), and the multipart body a browser posts to `/a/upload`.
 */

let colour = 0;

/** A PNG of `width` × `height` in a colour no earlier call in this test file gave. */
export async function distinctPng(width: number, height: number): Promise<Buffer> {
  colour += 1;
  const background = { r: (colour * 41) % 256, g: (colour * 97) % 256, b: (colour * 13) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

const BOUNDARY = '----bouwsteen-test-upload-boundary';

/** A browser's image upload (one part named `Image`): its headers, beside `headers`, and its body. */
export function imageUpload(
  data: Buffer,
  fileName: string,
  headers: Record<string, string> = {},
): { headers: Record<string, string>; payload: Buffer } {
  return {
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Image"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}
