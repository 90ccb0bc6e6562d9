import type { StudyProgress } from '../../api/console.ts';

const WIDTH = 560;
const HEIGHT = 160;
const PAD = { left: 36, right: 12, top: 10, bottom: 24 };

/** Where the study stands today, in numbers: what a burn-down of a single day would be (one dot). */
function TodayCounts({ day }: { readonly day: StudyProgress['burndown'][number] }) {
  const total = day.submitted + day.remaining;
  return (
    <div className="burndown-today">
      <p className="burndown-counts">
        <strong>{day.submitted}</strong> of {total} annotations submitted · <strong>{day.remaining}</strong>{' '}
        to do
      </p>
      <p className="hint">
        {day.day} is the study's first day; the burn-down is drawn once there are two days to draw.
      </p>
    </div>
  );
}

/**
 * The burn-down as a small inline SVG: assignments still to do per day (a falling line) over the
 * submitted ones (an area), once there are two days to draw (before that, today's counts). The
 * numbers are also in the caption and the image's label.
 */
export function Burndown({ days }: { readonly days: StudyProgress['burndown'] }) {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return <p className="muted">Nothing assigned yet.</p>;
  if (days.length < 2) return <TodayCounts day={last} />;
  const total = first.submitted + first.remaining;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (index / (days.length - 1)) * plotWidth;
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
        {/* Points too, so a study of a few days still shows where it stands each day. */}
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
