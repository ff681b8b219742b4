import { Alert as Notice, Flex, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createAlertRuleBodySchema } from '@equipment-dashboard/contract';
import { usePreviewAlertRuleQuery } from '@equipment-dashboard/api-client';
import { ALERT_RULE_KIND_FIELDS } from '@equipment-dashboard/domain';
import { serverProblem } from '../../shared/back-office/server-error';
import { ruleBody, type RuleForm } from './rule-form';
import { ALERTS_TEXTS as T } from './texts';

/** How long the form rests before its preview is asked: one call per pause, not per keystroke. */
export const PREVIEW_PAUSE_MS = 400;

/** The value once it has not changed for `ms`. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A form's live preview, in a polite status box: why it waits (`blocked`), the server's problem, or its answer.
 */
export function PreviewNotice<D>({
  blocked,
  result,
  waiting,
  children,
}: {
  blocked: string | null;
  result: { data?: D; error?: unknown };
  waiting: boolean;
  children: (data: D) => ReactNode;
}) {
  let content;
  if (blocked !== null) content = <Typography.Text type="secondary">{blocked}</Typography.Text>;
  else if (result.error && !result.data)
    content = (
      <Typography.Text type="danger">{T.previewFailed(serverProblem(result.error).sentence)}</Typography.Text>
    );
  else if (!result.data) content = <Typography.Text type="secondary">{T.previewWaiting}</Typography.Text>;
  else
    content = (
      <Flex vertical gap={2}>
        {children(result.data)}
      </Flex>
    );
  return (
    <Notice
      type="info"
      title={T.preview}
      role="status"
      aria-live="polite"
      aria-busy={waiting}
      description={content}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * What the rule would fire now, asked of the server (POST /read/alert_rule_preview/v1; nothing is stored) with the
 * form's values once they rest for {@link PREVIEW_PAUSE_MS} and are valid. The name is not the preview's concern:
 * an unnamed rule is previewed under a placeholder name.
 */
export function RulePreview({ form }: { form: RuleForm }) {
  // Compared as text: a new form object with the same values asks nothing new.
  const bodyText = JSON.stringify(ruleBody({ ...form, name: form.name.trim() || T.untitledRule }));
  const settledText = useSettled(bodyText, PREVIEW_PAUSE_MS);
  const { parsed, body } = useMemo(() => {
    const settled = JSON.parse(settledText) as ReturnType<typeof ruleBody>;
    return { parsed: createAlertRuleBodySchema.safeParse(settled), body: settled };
  }, [settledText]);
  const preview = usePreviewAlertRuleQuery(parsed.success ? body : skipToken);

  return (
    <PreviewNotice
      blocked={parsed.success ? null : T.previewInvalid}
      result={preview}
      waiting={settledText !== bodyText || preview.isFetching}
    >
      {(data) => (
        <>
          <Typography.Text strong>{T.wouldFire(data.wouldFire)}</Typography.Text>
          {ALERT_RULE_KIND_FIELDS[form.kind].offlineOptions && (
            <Typography.Text>{T.alreadyOffline(data.alreadyOffline)}</Typography.Text>
          )}
          {ALERT_RULE_KIND_FIELDS[form.kind].scope && (
            <Typography.Text type="secondary">{T.inScope(data.inScope)}</Typography.Text>
          )}
          {data.subjects.length > 0 && (
            <Typography.Text type="secondary">{T.firstSubjects(data.subjects.join(', '))}</Typography.Text>
          )}
        </>
      )}
    </PreviewNotice>
  );
}
