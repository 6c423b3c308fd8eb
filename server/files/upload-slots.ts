/**
 * A bound on uploads in flight in one process (UPLOADS_IN_FLIGHT): an upload beyond it is refused at
 * once, before its body is read, instead of waiting in a queue with no end while its bytes pile up
 * (docs/decisions.md "Attachment bytes"). The client retries after Retry-After.
 */
export class UploadSlots {
  private taken = 0;
  constructor(readonly max: number) {}

  /** A slot and the function that gives it back (once), or undefined when all are taken. */
  take(): (() => void) | undefined {
    if (this.taken >= this.max) return undefined;
    this.taken += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.taken -= 1;
    };
  }
}
