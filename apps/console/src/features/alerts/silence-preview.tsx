import { Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import type { CreateSilenceBody } from '@equipment-dashboard/contract';
import { usePreviewSilenceQuery } from '@equipment-dashboard/api-client';
import { PREVIEW_PAUSE_MS, PreviewNotice, useSettled } from './rule-preview';
import { ALERTS_TEXTS as T } from './texts';

/**
 * What the silence would hold among the alerts open now (POST /read/silence_preview/v1; nothing is stored), asked
 * once the matcher rests for {@link PREVIEW_PAUSE_MS}; an empty matcher asks nothing.
 */
export function SilencePreview({ matcher }: { matcher: CreateSilenceBody['matcher'] }) {
  const matcherText = JSON.stringify(matcher);
  const settledText = useSettled(matcherText, PREVIEW_PAUSE_MS);
  const settled = useMemo(() => JSON.parse(settledText) as CreateSilenceBody['matcher'], [settledText]);
  const empty = Object.keys(settled).length === 0;
  const preview = usePreviewSilenceQuery(empty ? skipToken : { matcher: settled });

  return (
    <PreviewNotice
      blocked={empty ? T.silencePreviewEmpty : null}
      result={preview}
      waiting={settledText !== matcherText || preview.isFetching}
    >
      {({ openAlerts, rules, subjects }) => (
        <>
          <Typography.Text strong>{T.wouldHold(openAlerts)}</Typography.Text>
          {rules.length > 0 && (
            <Typography.Text>
              {T.heldRules(rules.map((r) => T.heldRule(r.ruleName, r.count)).join(', '))}
            </Typography.Text>
          )}
          {subjects.length > 0 && (
            <Typography.Text type="secondary">{T.firstSubjects(subjects.join(', '))}</Typography.Text>
          )}
        </>
      )}
    </PreviewNotice>
  );
}
