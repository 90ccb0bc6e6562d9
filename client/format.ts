/** Active time for people: `42 s`, `7 min`, `1 h 05 min`. Negative or non-finite input reads as 0 s. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A share as a whole percentage, clamped to [0, 100]; 0 of 0 is 0 %. */
export function percent(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((100 * part) / whole)));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment in the reader's time zone, in a form no locale misreads: `2 Dec 2026, 14:05` (day, month
 * name, year, 24-hour clock) — never `12/2/2026`, which is 2 December or 12 February depending on
 * where it is read. With `now`, a moment of the same day reads as its time alone (`14:05`). An
 * unreadable or missing date reads as `—`.
 */
export function formatDateTime(iso: string | null, now?: Date): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  const sameDay =
    now !== undefined &&
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  if (sameDay) return time;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${time}`;
}

/** Active time in minutes with one decimal, for medians per item: `0.8 min`, `12.5 min`. */
export function formatMinutes(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? seconds / 60 : 0;
  return `${minutes.toFixed(1)} min`;
}
