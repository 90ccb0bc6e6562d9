import type { RenderedReport } from './report-runner.ts';

/**
 * The last report per study and settings, kept until the data change: an entry is served only while
 * the report revision (migration 011, bumped by triggers on every change a report can see) is the one
 * the report was computed at. Bounded by entries and bytes; the least recently used goes first.
 */
export class ReportCache {
  private readonly entries = new Map<string, RenderedReport>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 32,
    private readonly maxBytes = 256 * 2 ** 20,
  ) {}

  /** The cached report for `key` if it was computed at `revision` (a stale one is dropped). */
  get(key: string, revision: number): RenderedReport | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.delete(key);
    if (entry.revision !== revision) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.body.byteLength;
    return entry;
  }

  set(key: string, report: RenderedReport): void {
    this.delete(key);
    if (report.body.byteLength > this.maxBytes) return;
    this.entries.set(key, report);
    this.bytes += report.body.byteLength;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.byteLength;
  }
}
