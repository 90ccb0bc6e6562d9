import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { reportRetryDelay, reportUrl, shouldRetryReport } from './report.ts';

const busy = new ApiError({ status: 429, code: 'rate_limited', message: 'busy' });
const bad = new ApiError({ status: 400, code: 'validation_failed', message: 'bad' });

describe('the report API', () => {
  it('asks for a report in a format with the settings, the study name encoded', () => {
    expect(
      reportUrl(
        'my study',
        { seed: 7, replicates: 200, level: 0.95, extractor: undefined, altEpsilon: 0.2, lambda: 1 },
        'html',
      ),
    ).toBe('/api/studies/my%20study/report?seed=7&replicates=200&level=0.95&format=html');
    expect(
      reportUrl(
        's',
        { seed: 7, replicates: 200, level: 0.95, extractor: 'rules', altEpsilon: 0.1, lambda: 'tuned' },
        'json',
      ),
    ).toBe(
      '/api/studies/s/report?seed=7&replicates=200&level=0.95&extractor=rules&altEpsilon=0.1&lambda=tuned&format=json',
    );
  });

  it('keeps asking a busy server for a while, with growing pauses, and never retries a bad request', () => {
    expect([0, 1, 2, 3, 4, 5].map((count) => shouldRetryReport(count, busy))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect([0, 1, 2, 3].map((attempt) => reportRetryDelay(attempt, busy))).toEqual([
      5000, 10000, 20000, 30000,
    ]);
    expect(shouldRetryReport(0, bad)).toBe(false);
  });
});
