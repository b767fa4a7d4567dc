/**
 * Reads again every `intervalMs` until `done` holds or `timeoutMs` has passed; answers the last read.
 * For answers given only once a policy's follow-up has landed (a granted badge: payments/fulfilment,
 * a listed meal: upcoming/listing), bounded so a slow follow-up never holds a request for long.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
