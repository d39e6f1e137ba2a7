// Preloaded (`node --import`) into a site process of a test's own (e2e/kit/site-process.ts,
// `serverClockEnv` in e2e/kit/server-clock.ts): the process's clock starts at E2E_SERVER_CLOCK (an
// ISO instant) and runs on from there, so what the server computes from "now" (a store's
// open-now line, its holiday hours) is that of a day the test chooses. Test-only: the site itself
// has no way to set its clock.
const start = Date.parse(process.env.E2E_SERVER_CLOCK ?? '');
if (Number.isFinite(start)) {
  const RealDate = Date;
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
  }
  globalThis.Date = ShiftedDate;
}
