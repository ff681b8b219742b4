import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Steps,
  Upload,
  type SelectProps,
} from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useState, type ReactElement } from 'react';
import { type Aligner, type CreateTicketBody } from '@equipment-dashboard/contract';
import {
  equipmentApi,
  useCreateTicketMutation,
  useReadAlignerQuery,
  useUploadTicketAttachmentMutation,
} from '@equipment-dashboard/api-client';
import {
  decodeSerial,
  isAllowedAttachmentType,
  TICKET_DISPOSITIONS,
  TICKET_ESCALATED_DEFAULT,
  ticketTexts,
  yesNoToBoolean,
  type TicketDisposition,
  type TicketTextField,
  type YesNo,
} from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { failureReason } from '../../shared/equipment';
import { useIsPhone } from '../../shared/responsive';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { EQUIPMENT_TEXTS as T } from './texts';
import { OpenDialog } from '../../shared/ui/open-dialog';

/** What the stepper's fields hold; every one is optional (console-core §5 "no required fields"). */
interface TicketForm {
  originatorName?: string;
  originatorEmail?: string;
  techOnSite?: YesNo;
  disposition?: TicketDisposition;
  inService?: string;
  componentsReplaced?: string;
  description?: string;
  circumstance?: string;
  issueStartedOn?: string;
  environment?: string;
  exhibitingNow?: YesNo;
  reproducible?: YesNo;
  attemptedResolution?: string;
  other?: string;
  escalated?: boolean;
}

const STEPS = [T.equipmentInformation, T.problemDescription, T.attemptedResolution] as const;
const YES_NO_OPTIONS = [
  { label: T.yesOption, value: 'Yes' },
  { label: T.noOption, value: 'No' },
];

/** A Yes/No select maps to a boolean; unanswered stays null (console-core §5). */
const answer = (value: YesNo | undefined) => (value === undefined ? null : yesNoToBoolean(value));

/** A Yes/No answer, left unanswered until chosen (the form item gives it its value and id). */
function YesNoSelect(props: SelectProps) {
  return <Select {...props} options={YES_NO_OPTIONS} placeholder={T.choose} allowClear />;
}

/** Two answers side by side, each half the row and taking the same kind of control. */
function AnswerRow({
  names,
  control,
}: {
  names: (keyof TicketForm & keyof typeof T)[];
  control: ReactElement;
}) {
  return (
    <Flex gap={12}>
      {names.map((name) => (
        <Form.Item key={name} name={name} label={T[name]} style={{ flex: 1 }}>
          {control}
        </Form.Item>
      ))}
    </Flex>
  );
}

/** A page's two free-text answers: its main one (three rows), and the one that adds to it (two rows). */
function TextAnswers({ main, more }: { main: TicketTextField; more: TicketTextField }) {
  return (
    <>
      <Form.Item name={main} label={T[main]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name={more} label={T[more]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}

/** The creation payload of console-core §3, with the signed-in user as issuer. */
function ticketPayload(
  aligner: Aligner,
  form: TicketForm,
  issuer: { username: string; email: string },
): CreateTicketBody {
  return {
    issuerUsername: issuer.username,
    issuerEmail: issuer.email,
    ...ticketTexts(form),
    techOnSite: answer(form.techOnSite),
    exhibitingNow: answer(form.exhibitingNow),
    reproducible: answer(form.reproducible),
    disposition: form.disposition ?? null,
    serialNumber: aligner.serialNumber,
    version: aligner.version.semantic,
    specs: aligner.specs?.name ?? 'unknown',
    connected: aligner.connected,
    escalated: form.escalated ?? TICKET_ESCALATED_DEFAULT,
    family: aligner.family,
    model: decodeSerial(aligner.serialNumber).model,
  };
}

/**
 * The support ticket stepper (console-core §2, §3, §4): Equipment Information, Problem Description,
 * Attempted Resolution; Next, Previous, Save, Cancel. The dialog is mounted only while open, so closing
 * or saving starts the next ticket at step 1 with empty fields. A saved ticket raises the unit's
 * open-ticket badge by 1 at once (the unit's reload confirms it); a failed save keeps the form and says
 * why (the old console only logged it). A photo (a PNG or JPEG; on a phone the camera is offered first) is
 * attached to the saved ticket; if that upload fails the ticket stays saved and a snackbar says so.
 */
export function TicketDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const user = useAppSelector(selectUser);
  const username = user?.username ?? '';
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<TicketForm>();
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: aligner, isError } = useReadAlignerQuery(
    { serialNumber, username },
    { skip: username === '' },
  );
  const [createTicket, { isLoading: creating }] = useCreateTicketMutation();
  const [uploadPhoto, { isLoading: uploading }] = useUploadTicketAttachmentMutation();
  const [photo, setPhoto] = useState<File | null>(null);
  const phone = useIsPhone();
  const saving = creating || uploading;
  const photoAllowed = photo === null || isAllowedAttachmentType(photo.type);

  const save = async () => {
    if (!aligner || !user) return;
    setProblem(null);
    const result = await createTicket(ticketPayload(aligner, form.getFieldsValue(true), user));
    if (result.error) {
      setProblem(T.ticketSaveFailed(failureReason(result.error)));
      return;
    }
    if (photo !== null && photoAllowed) {
      const uploaded = await uploadPhoto({
        ticketId: result.data.id,
        authorUsername: username,
        description: T.photoDescription,
        file: photo,
      });
      if (uploaded.error) dispatch(snackbarShown(T.photoFailed(failureReason(uploaded.error))));
    }
    dispatch(
      equipmentApi.util.updateQueryData('readAligner', { serialNumber, username }, (cached) => {
        cached.openSupportTickets += 1;
      }),
    );
    onClose();
  };

  const last = step === STEPS.length - 1;
  const footer = (
    <Flex justify="space-between">
      <Button onClick={onClose}>{T.cancel}</Button>
      <Flex gap={8}>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{T.previous}</Button>}
        {!last && (
          <Button type="primary" onClick={() => setStep(step + 1)} disabled={!aligner}>
            {T.next}
          </Button>
        )}
        {last && (
          <Button type="primary" loading={saving} disabled={!aligner} onClick={() => void save()}>
            {T.save}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  const page = (index: number) => ({ display: step === index ? undefined : 'none' });

  return (
    <OpenDialog
      title={T.ticketTitle(serialNumber)}
      width={760}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
    >
      <Steps
        size="small"
        current={step}
        items={STEPS.map((title) => ({ title }))}
        style={{ marginBottom: 16 }}
      />
      {!aligner && !isError && <Skeleton active aria-label={T.loading} />}
      {isError && <Result status="warning" title={T.unitNotLoaded} />}
      {aligner && (
        <Form<TicketForm>
          form={form}
          name="ticket"
          layout="vertical"
          initialValues={{ escalated: TICKET_ESCALATED_DEFAULT }}
        >
          <div style={page(0)}>
            <Descriptions
              size="small"
              bordered
              column={2}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'serial', label: T.serialNumber, children: aligner.serialNumber },
                { key: 'model', label: T.model, children: decodeSerial(aligner.serialNumber).model },
                { key: 'family', label: T.family, children: aligner.family },
                { key: 'version', label: T.version, children: aligner.version.semantic },
                { key: 'specs', label: T.specs, children: aligner.specs?.name ?? 'unknown' },
                { key: 'connected', label: T.connected, children: aligner.connected ? T.yes : T.no },
              ]}
            />
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{T.callerContact}</legend>
              <Flex gap={12}>
                <Form.Item name="originatorName" label={T.originatorName} style={{ flex: 1 }}>
                  <Input />
                </Form.Item>
                <Form.Item name="originatorEmail" label={T.originatorEmail} style={{ flex: 1 }}>
                  <Input type="email" />
                </Form.Item>
              </Flex>
            </fieldset>
            <Flex gap={12}>
              <Form.Item name="techOnSite" label={T.techOnSite} style={{ flex: 1 }}>
                <YesNoSelect />
              </Form.Item>
              <Form.Item name="disposition" label={T.disposition} style={{ flex: 1 }}>
                <Select
                  options={TICKET_DISPOSITIONS.map((value) => ({ label: value, value }))}
                  placeholder={T.choose}
                  allowClear
                />
              </Form.Item>
            </Flex>
            <Form.Item name="inService" label={T.inService}>
              <Input />
            </Form.Item>
            <Form.Item name="componentsReplaced" label={T.componentsReplaced}>
              <Input />
            </Form.Item>
          </div>
          <div style={page(1)}>
            <TextAnswers main="description" more="circumstance" />
            <AnswerRow names={['issueStartedOn', 'environment']} control={<Input />} />
            <AnswerRow names={['exhibitingNow', 'reproducible']} control={<YesNoSelect />} />
            <Form.Item label={T.photo} extra={T.photoHint}>
              <Upload
                accept="image/*"
                capture={phone ? 'environment' : undefined}
                maxCount={1}
                fileList={photo ? [{ uid: 'photo', name: photo.name, status: 'done' }] : []}
                beforeUpload={(chosen) => {
                  setPhoto(chosen);
                  // Sent with Save, once the ticket exists.
                  return false;
                }}
                onRemove={() => setPhoto(null)}
              >
                <Button icon={<CameraOutlined aria-hidden />}>{phone ? T.takePhoto : T.choosePhoto}</Button>
              </Upload>
            </Form.Item>
            {!photoAllowed && <Alert type="warning" showIcon title={T.photoNotAnImage} />}
          </div>
          <div style={page(2)}>
            <TextAnswers main="attemptedResolution" more="other" />
            <Form.Item name="escalated" valuePropName="checked">
              <Checkbox>{T.escalated}</Checkbox>
            </Form.Item>
          </div>
        </Form>
      )}
      {problem && <Alert type="error" showIcon title={problem} />}
    </OpenDialog>
  );
}
