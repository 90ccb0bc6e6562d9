import { type ReactNode, useEffect, useState } from 'react';
import { type ReportSettings, settingsSummary } from './reportSettings.ts';

/**
 * The report's settings and the coverage check, folded under one line that says how the report on
 * screen was computed, so the verdict is the first thing on the page. It opens by itself when the
 * settings need attention (the server refused them).
 */
export function ReportSettingsPanel({
  settings,
  needsAttention,
  children,
}: {
  readonly settings: ReportSettings;
  readonly needsAttention: boolean;
  readonly children: ReactNode;
}) {
  const [open, setOpen] = useState(needsAttention);
  useEffect(() => {
    if (needsAttention) setOpen(true);
  }, [needsAttention]);
  return (
    <details className="report-settings" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="report-settings-summary">
        <span className="report-settings-title">Settings and checks</span>{' '}
        <span className="muted">{settingsSummary(settings)}</span>
      </summary>
      <div className="report-settings-body">{children}</div>
    </details>
  );
}
