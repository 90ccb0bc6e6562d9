import type { StudyProgress } from '../../api/console.ts';

const WIDTH = 560;
const HEIGHT = 160;
const PAD = { left: 36, right: 12, top: 10, bottom: 24 };

/**
 * The burn-down as a small inline SVG: assignments still to do per day (a falling line) over the
 * submitted ones (an area). The numbers are in the table beside it for anyone who cannot see it.
 */
export function Burndown({ days }: { readonly days: StudyProgress['burndown'] }) {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return <p className="muted">Nothing assigned yet.</p>;
  const total = first.submitted + first.remaining;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (days.length === 1 ? plotWidth / 2 : (index / (days.length - 1)) * plotWidth);
  const y = (value: number) => PAD.top + plotHeight - (total === 0 ? 0 : (value / total) * plotHeight);
  const line = days
    .map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day.remaining).toFixed(1)}`)
    .join(' ');
  const area = `${days.map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day.submitted).toFixed(1)}`).join(' ')} L${x(days.length - 1).toFixed(1)},${y(0).toFixed(1)} L${x(0).toFixed(1)},${y(0).toFixed(1)} Z`;
  return (
    <figure className="burndown">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Burn-down from ${first.day} to ${last.day}: ${last.submitted} of ${total} annotations submitted, ${last.remaining} to do`}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="burndown-axis" />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={y(0)} className="burndown-axis" />
        <text x={PAD.left - 4} y={y(total) + 4} textAnchor="end" className="burndown-label">
          {total}
        </text>
        <text x={PAD.left - 4} y={y(0)} textAnchor="end" className="burndown-label">
          0
        </text>
        <path d={area} className="burndown-submitted" />
        <path d={line} className="burndown-remaining" />
        {/* Points too, so a study of a day or two still shows where it stands. */}
        {days.length <= 60 &&
          days.map((day, index) => (
            <circle key={day.day} cx={x(index)} cy={y(day.remaining)} r={3} className="burndown-point" />
          ))}
        <text x={PAD.left} y={HEIGHT - 6} className="burndown-label">
          {first.day}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="burndown-label">
          {last.day}
        </text>
      </svg>
      <figcaption className="hint">
        <span className="burndown-key burndown-key-remaining" /> to do ({last.remaining}) ·{' '}
        <span className="burndown-key burndown-key-submitted" /> submitted ({last.submitted})
      </figcaption>
    </figure>
  );
}
