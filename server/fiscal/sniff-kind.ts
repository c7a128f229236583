import "server-only";

// What a file is, from its first bytes: the MIME type a data URL declares is the sender's word, never
// trusted. A ZIP starts with a local file header (or, empty, with the end of its central directory), a
// PDF with "%PDF-", an XML with "<" after an optional UTF-8 byte-order mark and whitespace.

export type FileKind = "zip" | "xml" | "pdf" | "unknown";

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

export function sniffKind(bytes: Uint8Array): FileKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  let index = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const end = Math.min(bytes.length, index + 4096);
  while (index < end && WHITESPACE.has(bytes[index])) index += 1;
  return bytes[index] === 0x3c ? "xml" : "unknown";
}
