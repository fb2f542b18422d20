/**
 * Loaded first into a store's process (`node --import`) by `startServer({ clockAt })`: the store's
 * clock runs on from that instant, as if the test were run on another day and hour. Everything in
 * the process that reads the time goes through `Date` (PGlite's now() too), so the store agrees
 * with itself; timers and the monotonic clock are left alone.
 */
const offset = Number(process.env.E2E_STORE_CLOCK_OFFSET_MS);

if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
