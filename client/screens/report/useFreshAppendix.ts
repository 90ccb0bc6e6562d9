import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReportView } from '../../../shared/report-view.ts';
import { coverageStateQuery } from '../../api/coverage.ts';
import { reportsKey } from '../../api/report.ts';

/**
 * Keeps the report's appendix on the latest coverage check: when the study's latest stored check
 * (GET …/coverage, asked every second while a check runs) is not the one the report on screen
 * states — a check finished here, in another tab, from the CLI, or while the admin was elsewhere —
 * the reports are computed again (the one on screen at once, the others when next shown), once per
 * check, without a reload.
 */
export function useFreshAppendix(study: string, report: ReportView | undefined): void {
  const queryClient = useQueryClient();
  const latest = useQuery(coverageStateQuery(study)).data?.latest ?? null;
  const refreshedFor = useRef<number | null>(null);
  const shown = report === undefined ? undefined : (report.coverage?.check?.id ?? null);
  useEffect(() => {
    if (shown === undefined || latest === null || latest.id === shown || refreshedFor.current === latest.id)
      return;
    refreshedFor.current = latest.id;
    void queryClient.invalidateQueries({ queryKey: reportsKey(study) });
  }, [latest, shown, queryClient, study]);
}
