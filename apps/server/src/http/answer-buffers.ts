/**
 * Buffers for large answers, used again once their answer is sent. A match list of 1000 matches
 * is a 3.4 MB envelope; made afresh per request, such buffers are memory outside the JavaScript
 * heap that the garbage collector answers with full collections of the whole heap, tens of
 * milliseconds each on a slow machine, several times a second under load. Kept and reused, the
 * same few buffers serve every request.
 *
 * A buffer is lent for one answer and must come back only once nothing reads it any more (the
 * answer's response has closed); one that never comes back is left to the garbage collector.
 */
export class AnswerBuffers {
  /** Free buffers, smallest first. */
  private readonly free: ArrayBuffer[] = [];
  private readonly lent = new Set<ArrayBuffer>();
  private freeBytes = 0;

  /**
   * @param smallestBytes answers below this size are allocated as usual: small buffers come
   *   from Node's own pool and cost the collector nothing worth saving.
   * @param keptBytesLimit the most memory the free buffers may hold together.
   */
  constructor(
    private readonly smallestBytes: number,
    private readonly keptBytesLimit: number,
  ) {}

  /** A buffer of exactly `length` bytes, lent from the free ones when one is large enough. */
  take(length: number): Buffer {
    if (length < this.smallestBytes) return Buffer.allocUnsafe(length);
    const index = this.free.findIndex((buffer) => buffer.byteLength >= length);
    let memory: ArrayBuffer;
    if (index === -1) {
      // A quarter more than asked, in 64 KiB steps, so a slightly larger answer next time fits.
      memory = new ArrayBuffer(Math.ceil((length * 1.25) / 65_536) * 65_536);
    } else {
      [memory] = this.free.splice(index, 1) as [ArrayBuffer];
      this.freeBytes -= memory.byteLength;
    }
    this.lent.add(memory);
    return Buffer.from(memory, 0, length);
  }

  /** Takes back a buffer `take` lent; anything else, or a buffer given back twice, is ignored. */
  giveBack(buffer: Buffer): void {
    const memory = buffer.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.lent.delete(memory)) return;
    if (this.freeBytes + memory.byteLength > this.keptBytesLimit) return;
    const index = this.free.findIndex((kept) => kept.byteLength >= memory.byteLength);
    this.free.splice(index === -1 ? this.free.length : index, 0, memory);
    this.freeBytes += memory.byteLength;
  }

  /** The free buffers: how many, and their bytes together. */
  kept(): { buffers: number; bytes: number } {
    return { buffers: this.free.length, bytes: this.freeBytes };
  }
}
