// A multipart/form-data body as a browser's file input sends it, for the upload call's tests: text
// fields, then (optionally) one file with the name and content type the sender chooses.
export type FormFile = { name: string; contentType: string; bytes: Buffer; field?: string };

export function multipartForm(
  fields: Record<string, string | number>,
  ...files: FormFile[]
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----flowsight-test-boundary-7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
