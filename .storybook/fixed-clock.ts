/**
 * Replaces `Date` so that `new Date()` and `Date.now()` return `now`; timers keep running.
 * Stories and screenshots then show the same dates on every run. Returns the undo function.
 */
export function installFixedClock(now: number): () => void {
  const RealDate = globalThis.Date;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      super();
      // Date's constructor overloads cannot be spread through `super`, so build the real one.
      return Reflect.construct(RealDate, args.length === 0 ? [now] : args, new.target) as FixedDate;
    }
    static override now(): number {
      return now;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}
