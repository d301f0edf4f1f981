import type { FastifyReply } from 'fastify';

/** Image types a member may upload, by their first bytes. */
const imageSignatures = [
  {
    mediaType: 'image/png',
    extension: 'png',
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
  { mediaType: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
] as const;

/**
 * Sends a file a member uploaded. Its type is judged again from its bytes, never from what was
 * declared or stored: a PNG or JPEG is sent as such, anything else as an opaque download. The
 * answer can never run as a page of this origin: `nosniff` stops a browser reading it as
 * another type, the `sandbox` policy puts a document opened from it in an origin of its own with
 * scripts off, and `Content-Disposition` names the file (and makes anything not an image a
 * download). Private and never cached, since it belongs to one member.
 */
export function sendUploadedFile(reply: FastifyReply, content: Buffer, baseName: string) {
  const image = imageSignatures.find((signature) =>
    content.subarray(0, signature.bytes.length).equals(Buffer.from(signature.bytes)),
  );
  const safeName = baseName.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'file';
  const disposition = image
    ? `inline; filename="${safeName}.${image.extension}"`
    : `attachment; filename="${safeName}.bin"`;
  return reply
    .type(image?.mediaType ?? 'application/octet-stream')
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(content);
}
