import { Button, DatePicker, Flex, Form, Input, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type Identity, type Message } from '@equipment-dashboard/contract';
import {
  useCreateMessageMutation,
  useUpdateMessageMutation,
  useUploadSerialnumbersMutation,
} from '@equipment-dashboard/api-client';
import {
  can,
  canSaveMessage,
  clampEndToStart,
  MESSAGE_LIMITS,
  MESSAGE_SOFTWARE_VERSION,
  messageProblems,
  messageScheduleUtc,
  messageTextLength,
  messageTransitions,
  PERMISSIONS,
  type MessageAction,
  type MessageField,
} from '@equipment-dashboard/domain';
import { CountrySelect } from '../../shared/back-office/country-select';
import { serverProblem, type ServerProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { WizardDialog } from '../../shared/back-office/wizard-dialog';
import { DAY, localToday, utcDayOf } from './message-dates';
import { MESSAGING_TEXTS as T } from './texts';

/** new: Create New Message; edit: a draft of My Drafts; approve: a message of Pending Approval. */
export type WizardMode =
  { kind: 'new' } | { kind: 'edit'; message: Message } | { kind: 'approve'; message: Message };

const STEPS = [T.stepTimePeriod, T.stepConfigure, T.stepTarget] as const;
const STEP_FIELDS: readonly (readonly MessageField[])[] = [
  ['startDate', 'endDate'],
  ['header', 'body', 'callToAction'],
  ['market'],
];

/** The ids of the fields' inputs, which their labels point at. */
const FIELD_IDS: Record<MessageField, string> = {
  startDate: 'message-start',
  endDate: 'message-end',
  header: 'message-header',
  body: 'message-body',
  callToAction: 'message-cta',
  market: 'message-market',
};

type TextField = 'header' | 'body' | 'callToAction';

/** The texts of the Configure Notification step: the header on one line, the others in text areas. */
const TEXT_FIELDS: readonly { field: TextField; minRows?: number }[] = [
  { field: 'header' },
  { field: 'body', minRows: 3 },
  { field: 'callToAction', minRows: 2 },
];

interface Draft {
  startDate: string;
  endDate: string;
  header: string;
  body: string;
  callToAction: string;
  market: string;
  serialNumbers: string[];
}

function draftOf(mode: WizardMode): Draft {
  if (mode.kind === 'new') {
    return {
      startDate: '',
      endDate: '',
      header: '',
      body: '',
      callToAction: '',
      market: '',
      serialNumbers: [],
    };
  }
  const { message } = mode;
  return {
    startDate: utcDayOf(message.schedule.startDate),
    endDate: utcDayOf(message.schedule.endDate),
    header: message.header,
    body: message.body,
    callToAction: message.callToAction,
    market: message.targets.market,
    serialNumbers: [...message.targets.serialNumbers],
  };
}

/** What each button does in each mode (back-office §2.7, §4). */
const BUTTONS: Record<WizardMode['kind'], readonly { action: MessageAction; label: string }[]> = {
  new: [
    { action: 'save', label: T.save },
    { action: 'submit', label: T.saveAndSubmit },
  ],
  edit: [
    { action: 'save', label: T.save },
    { action: 'submit', label: T.saveAndSubmit },
  ],
  approve: [
    { action: 'save', label: T.save },
    { action: 'approve', label: T.saveAndApprove },
  ],
};

export interface MessageWizardProps {
  mode: WizardMode;
  me: Identity;
  onClose: () => void;
  onSaved: (message: Message, action: MessageAction) => void;
}

/**
 * The message editor (back-office §2.7, §5), for a new message, a draft, or a message pending approval:
 * three steps (Select Time Period; Configure Notification; Target Notification) with Next, Previous,
 * Cancel, and Save with Save and Submit (Save and Approve when approving, only for roles with
 * messagesApprove). The field rules are libs/domain's `messageProblems`: every field 'Required', the
 * limits with counters, a start today or later and an end on or after it (moving the start past the end
 * moves the end: `clampEndToStart`). Save is disabled until `canSaveMessage`. The dates are sent as the
 * start of the first day and the end of the last, in UTC (`messageScheduleUtc`). A refusal keeps the
 * dialog open with the server's sentence (the old console closed and reset it; back-office §8).
 *
 * Decisions: the approve dialog offers the serial number upload too (back-office §2.7 "not shown"); a
 * field shows its problem once it was touched or its step was left with Next.
 */
export function MessageWizard({ mode, me, onClose, onSaved }: MessageWizardProps) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(() => draftOf(mode));
  const [touched, setTouched] = useState<ReadonlySet<MessageField>>(new Set());
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [uploadProblem, setUploadProblem] = useState<ServerProblem | null>(null);
  const [running, setRunning] = useState<MessageAction | null>(null);
  const [createMessage] = useCreateMessageMutation();
  const [updateMessage] = useUpdateMessageMutation();
  const [uploadSerials, { isLoading: uploading }] = useUploadSerialnumbersMutation();

  const today = localToday();
  const problems = messageProblems(draft, today);
  const ready = canSaveMessage(draft, today);
  const mayApprove = can(me.role, PERMISSIONS.messagesApprove);
  const buttons = BUTTONS[mode.kind].filter((button) => button.action !== 'approve' || mayApprove);

  const touch = (...fields: MessageField[]) => setTouched((seen) => new Set([...seen, ...fields]));
  const change = (patch: Partial<Draft>, ...fields: MessageField[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    touch(...fields);
  };
  const shown = (field: MessageField) => (touched.has(field) ? problems[field] : undefined);
  const status = (field: MessageField) => (shown(field) ? ('error' as const) : undefined);

  const upload = async () => {
    if (file === null) return;
    setUploadProblem(null);
    try {
      const serialNumbers = await uploadSerials({ file }).unwrap();
      setDraft((current) => ({ ...current, serialNumbers }));
      setFile(null);
    } catch (error) {
      setUploadProblem(serverProblem(error));
    }
  };

  const save = async (action: MessageAction) => {
    if (!ready) return;
    setProblem(null);
    setRunning(action);
    const schedule = messageScheduleUtc(draft.startDate, draft.endDate);
    const texts = { header: draft.header, body: draft.body, callToAction: draft.callToAction };
    const targets = {
      market: draft.market,
      softwareVersion: MESSAGE_SOFTWARE_VERSION as typeof MESSAGE_SOFTWARE_VERSION,
      serialNumbers: draft.serialNumbers,
    };
    try {
      const saved =
        mode.kind === 'new'
          ? await createMessage({
              schedule,
              ...texts,
              targets,
              issuerUsername: me.username,
              issuerEmail: me.email,
              disposition: action === 'submit' ? messageTransitions.submit : messageTransitions.save,
            }).unwrap()
          : await updateMessage({
              id: mode.message.id,
              payload: {
                schedule,
                ...texts,
                targets,
                issuerUsername: me.username,
                issuerEmail: me.email,
                disposition:
                  action === 'approve'
                    ? messageTransitions.approve
                    : action === 'submit'
                      ? messageTransitions.submit
                      : messageTransitions.save,
              },
            }).unwrap();
      setRunning(null);
      onSaved(saved, action);
    } catch (error) {
      setRunning(null);
      setProblem(serverProblem(error));
    }
  };

  const next = () => {
    touch(...(STEP_FIELDS[step] ?? []));
    setStep(step + 1);
  };

  const title =
    mode.kind === 'new'
      ? T.newTitle
      : mode.kind === 'edit'
        ? T.editTitle(mode.message.id)
        : T.approveTitle(mode.message.id);

  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <Button onClick={onClose}>{T.cancel}</Button>
      <Flex gap={8} wrap>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{T.previous}</Button>}
        {step < STEPS.length - 1 && <Button onClick={next}>{T.next}</Button>}
        {buttons.map(({ action, label }) => (
          <Button
            key={action}
            type={action === 'save' ? 'default' : 'primary'}
            disabled={!ready || (running !== null && running !== action)}
            loading={running === action}
            onClick={() => void save(action)}
          >
            {label}
          </Button>
        ))}
      </Flex>
    </Flex>
  );

  /** A field's Form.Item: its label, and its problem once it was touched. */
  const itemOf = (field: MessageField) => ({
    label: T[field],
    htmlFor: FIELD_IDS[field],
    validateStatus: status(field),
    help: shown(field),
  });

  const dayPicker = (field: 'startDate' | 'endDate', earliest: string, onPick: (day: string) => void) => (
    <DatePicker
      id={FIELD_IDS[field]}
      format={DAY}
      value={draft[field] ? dayjs(draft[field]) : null}
      disabledDate={(day) => day.format(DAY) < earliest}
      onBlur={() => touch(field)}
      onChange={(value: Dayjs | null) => onPick(value ? value.format(DAY) : '')}
    />
  );

  /** A text with its counter of the limit; a text area when it has `minRows`. */
  const textInput = (field: TextField, minRows?: number) => {
    const props = {
      id: FIELD_IDS[field],
      count: { show: true, max: MESSAGE_LIMITS[field], strategy: messageTextLength },
      value: draft[field],
      onBlur: () => touch(field),
      onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }, field),
    };
    return minRows === undefined ? (
      <Input {...props} />
    ) : (
      <Input.TextArea {...props} autoSize={{ minRows, maxRows: 6 }} />
    );
  };

  return (
    <WizardDialog
      title={title}
      width={720}
      steps={STEPS}
      step={step}
      footer={footer}
      problem={problem}
      onCancel={onClose}
    >
      {step === 0 && (
        <>
          <Form.Item {...itemOf('startDate')}>
            {dayPicker('startDate', today, (startDate) =>
              change({ startDate, endDate: clampEndToStart(startDate, draft.endDate) ?? '' }, 'startDate'),
            )}
          </Form.Item>
          <Form.Item {...itemOf('endDate')}>
            {dayPicker('endDate', draft.startDate || today, (endDate) => change({ endDate }, 'endDate'))}
          </Form.Item>
        </>
      )}
      {step === 1 &&
        TEXT_FIELDS.map(({ field, minRows }) => (
          <Form.Item key={field} {...itemOf(field)}>
            {textInput(field, minRows)}
          </Form.Item>
        ))}
      {step === 2 && (
        <>
          <Form.Item {...itemOf('market')}>
            <CountrySelect
              id={FIELD_IDS.market}
              label={T.market}
              value={draft.market || null}
              status={status('market')}
              onBlur={() => touch('market')}
              onChange={(code) => change({ market: code ?? '' }, 'market')}
            />
          </Form.Item>
          <Form.Item label={T.serialNumbersFile}>
            <Flex gap={8} align="start" wrap>
              <Upload
                accept=".csv"
                maxCount={1}
                fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
                beforeUpload={(chosen) => {
                  setFile(chosen);
                  setUploadProblem(null);
                  return false;
                }}
                onRemove={() => setFile(null)}
              >
                <Button icon={<UploadOutlined aria-hidden />}>{T.chooseFile}</Button>
              </Upload>
              <Button disabled={file === null} loading={uploading} onClick={() => void upload()}>
                {T.upload}
              </Button>
            </Flex>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} aria-live="polite">
              {T.serialCount(draft.serialNumbers.length)}
            </Typography.Text>
          </Form.Item>
          <ServerErrorAlert problem={uploadProblem} />
        </>
      )}
    </WizardDialog>
  );
}
