import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUESTS_DIR, requestFromSite, serveSiteRequests } from './handoff.server';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function folder() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'handoff-'));
}

describe('handing a run of npm run jobs to the site process', () => {
  it('answers each request with its own report, one at a time, and leaves no file behind', async () => {
    const dir = folder();
    const seen: unknown[] = [];
    let running = 0;
    stops.push(
      serveSiteRequests(dir, async (request) => {
        running++;
        expect(running).toBe(1);
        seen.push(request);
        await new Promise((resolve) => setTimeout(resolve, 50));
        running--;
        return { out: `ran ${JSON.stringify(request)}\n`, err: '', code: 0 };
      }),
    );
    // This process plays the site: the signal goes to itself.
    const [a, b] = await Promise.all([
      requestFromSite(dir, process.pid, { n: 1 }),
      requestFromSite(dir, process.pid, { n: 2 }),
    ]);
    expect(a).toEqual({ out: 'ran {"n":1}\n', err: '', code: 0 });
    expect(b).toEqual({ out: 'ran {"n":2}\n', err: '', code: 0 });
    expect(seen).toHaveLength(2);
    expect(fs.readdirSync(path.join(dir, REQUESTS_DIR))).toEqual([]);
  });

  it("reports the site's failure as a failed run, not a hang", async () => {
    const dir = folder();
    stops.push(
      serveSiteRequests(dir, async () => {
        throw new Error('the queue is not there');
      }),
    );
    expect(await requestFromSite(dir, process.pid, {})).toEqual({
      out: '',
      err: 'jobs: the queue is not there\n',
      code: 1,
    });
  });

  it('answers a request file that is not JSON too (as null), so its command does not wait', async () => {
    const dir = folder();
    const seen: unknown[] = [];
    stops.push(
      serveSiteRequests(dir, async (request) => {
        seen.push(request);
        return { out: '', err: 'refused\n', code: 1 };
      }),
    );
    const id = '00000000-0000-4000-8000-000000000000';
    fs.mkdirSync(path.join(dir, REQUESTS_DIR));
    fs.writeFileSync(path.join(dir, REQUESTS_DIR, `${id}.request.json`), '{"now": tru');
    process.kill(process.pid, 'SIGUSR2');
    const report = path.join(dir, REQUESTS_DIR, `${id}.report.json`);
    await expect.poll(() => fs.existsSync(report)).toBe(true);
    expect(JSON.parse(fs.readFileSync(report, 'utf8'))).toEqual({
      out: '',
      err: 'refused\n',
      code: 1,
    });
    expect(seen).toEqual([null]);
  });

  it('gives up on a process that does not answer, and on one that is gone', async () => {
    const dir = folder();
    // Nobody serves: the signal is caught and ignored here.
    const ignore = () => undefined;
    process.on('SIGUSR2', ignore);
    stops.push(() => process.off('SIGUSR2', ignore));
    await expect(requestFromSite(dir, process.pid, {}, 600)).rejects.toThrow(/did not answer/);
    expect(fs.readdirSync(path.join(dir, REQUESTS_DIR))).toEqual([]);
    await expect(requestFromSite(dir, 2 ** 22 + 1, {})).rejects.toThrow();
  });
});
