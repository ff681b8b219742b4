import { Alert, Button, Card, Flex, Input, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ScenarioProblem, ScenarioSource } from '@equipment-dashboard/contract';
import {
  useDeleteScenarioMutation,
  useDownloadScenarioMutation,
  useReadScenarioLibraryQuery,
  useReadScenarioTextMutation,
  useSaveScenarioMutation,
  useValidateScenarioMutation,
} from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { saveFile } from '../../shared/back-office/export-csv-button';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { lazyComponent } from '../../shared/lazy-component';
import { capturedScenarioOf } from '../../shared/simulator/captured-scenario';
import { useLoadedComponent } from '../../shared/use-loaded-component';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { EDITOR_TEXTS as T } from './editor-texts';
import { readScenarioUpload, SCENARIO_UPLOAD_ACCEPT } from './scenario-files';
import { ScenarioPreviewDialog } from './scenario-preview-dialog';

/** CodeMirror and its YAML mode: their own chunk, fetched when the Simulator shows the editor. */
const LAZY_EDITOR = lazyComponent(
  () => import('./scenario-editor'),
  (module) => module.ScenarioEditor,
);

/** How long typing pauses before the text is checked by the server. */
export const VALIDATE_DELAY_MS = 400;

/** What the editor holds: its text, and the library scenario it came from (null: new, captured or uploaded). */
interface Opened {
  text: string;
  name: string;
  source: ScenarioSource | null;
}

const NEW: Opened = { text: T.template, name: '', source: null };

/** A name the library takes (the server checks it too). */
const isFileName = (name: string) => /^[a-z0-9][a-z0-9-]{0,79}$/.test(name);

/** The server's problems of a text, asked once typing pauses. */
function useProblems(text: string) {
  const [validate] = useValidateScenarioMutation();
  const [problems, setProblems] = useState<ScenarioProblem[] | null>(null);
  useEffect(() => {
    setProblems(null);
    if (text.trim() === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      validate({ text })
        .unwrap()
        .then(
          (answer) => current && setProblems(answer.problems),
          () =>
            current && setProblems([{ line: null, field: '', message: 'The text could not be checked.' }]),
        );
    }, VALIDATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, validate]);
  return problems;
}

/** The problems under the editor: each with its line and field. */
function ProblemList({ problems }: { problems: ScenarioProblem[] | null }) {
  if (problems === null) return <Typography.Text type="secondary">{T.validating}</Typography.Text>;
  if (problems.length === 0) return <Typography.Text>{T.valid}</Typography.Text>;
  return (
    <section aria-label={T.problems}>
      <Typography.Text strong>{T.problems}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {problems.map((p, i) => (
          <li key={i}>
            <Typography.Text strong>{T.problemAt(p.line, p.field)}</Typography.Text>: {p.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Simulator's scenario editor: a new scenario, a library one (built-in ones read-only: Save as a copy), a captured
 * one (the equipment list's "Capture as scenario" opens it here) or an uploaded file; the server's problems at their
 * lines as one types; Save to the library in DATA_DIR, Download, Upload, Preview and Apply, Delete of a saved one.
 */
export function ScenarioEditorPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const Editor = useLoadedComponent(LAZY_EDITOR);
  const library = useReadScenarioLibraryQuery();
  const [readText] = useReadScenarioTextMutation();
  const [saveScenario] = useSaveScenarioMutation();
  const [deleteScenario] = useDeleteScenarioMutation();
  const [downloadScenario] = useDownloadScenarioMutation();
  const call = useServerCall();
  const [captured] = useState(() => capturedScenarioOf(location.state));
  const [opened, setOpened] = useState<Opened>(() =>
    captured ? { text: captured.yaml, name: '', source: null } : NEW,
  );
  const [text, setText] = useState(opened.text);
  const [name, setName] = useState(opened.name);
  const [notice, setNotice] = useState<string | null>(captured ? T.captured(captured.units) : null);
  const [previewing, setPreviewing] = useState(false);
  const upload = useRef<HTMLInputElement>(null);
  const problems = useProblems(text);
  const readOnly = opened.source === 'builtin';
  const dirty = text !== opened.text;

  useEffect(() => {
    // The captured text is in the editor now: a reload of the screen starts afresh.
    if (captured) void navigate('.', { replace: true, state: null });
  }, [captured, navigate]);

  const show = (next: Opened, said: string | null = null) => {
    setOpened(next);
    setText(next.text);
    setName(next.source === 'builtin' ? `${next.name}-copy` : next.name);
    setNotice(said);
    call.setProblem(null);
  };

  const open = (asked: string) =>
    call.run(async () => {
      const answer = await readText({ name: asked }).unwrap();
      show(answer, answer.source === 'builtin' ? T.readOnly(answer.name) : null);
    });

  const save = () =>
    call.run(async () => {
      const saved = await saveScenario({ name, text }).unwrap();
      show({ text, name: saved.name, source: 'saved' });
      dispatch(snackbarShown(T.saved(saved.name)));
    });

  const remove = () =>
    call.run(async () => {
      await deleteScenario({ name: opened.name }).unwrap();
      dispatch(snackbarShown(T.deleted(opened.name)));
      show(NEW);
    });

  const download = () =>
    call.run(async () => {
      const fileName = `${name || opened.name || 'scenario'}.yaml`;
      if (opened.source && !dirty) saveFile(await downloadScenario({ name: opened.name }).unwrap(), fileName);
      else saveFile(URL.createObjectURL(new Blob([text], { type: 'application/yaml' })), fileName);
    });

  const uploaded = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readScenarioUpload(file);
    if ('problem' in read) {
      call.setProblem({ sentence: read.problem, details: [] });
      return;
    }
    show({ text: read.text, name: '', source: null });
    setName(read.name);
  };

  return (
    <Card title={T.title} size="small" role="region" aria-label={T.title}>
      <Flex vertical gap="small">
        <Flex gap="small" wrap align="center">
          <Button onClick={() => show(NEW)}>{T.new}</Button>
          <Select
            aria-label={T.open}
            placeholder={T.open}
            style={{ minWidth: 220, flex: '1 1 220px' }}
            value={opened.source ? opened.name : null}
            loading={library.isFetching}
            options={(library.data ?? []).map((s) => ({
              value: s.name,
              label: `${s.name} (${T.source[s.source]})`,
            }))}
            onChange={(value: string) => void open(value)}
          />
          <Button onClick={() => upload.current?.click()}>{T.upload}</Button>
          <input
            ref={upload}
            type="file"
            accept={SCENARIO_UPLOAD_ACCEPT}
            hidden
            aria-label={T.upload}
            data-testid="scenario-upload"
            onChange={(e) => void uploaded(e)}
          />
        </Flex>
        {notice && <Alert type="info" showIcon title={notice} />}
        <ServerErrorAlert problem={call.problem} />
        {Editor ? (
          <Editor
            value={text}
            onChange={setText}
            readOnly={readOnly}
            problems={problems ?? []}
            label={T.editorLabel}
          />
        ) : (
          <Spin />
        )}
        <ProblemList problems={problems} />
        <Flex gap="small" wrap align="center">
          <Input
            aria-label={T.name}
            placeholder={T.nameHint}
            value={name}
            onChange={(e) => setName(e.target.value.trim())}
            status={name && !isFileName(name) ? 'error' : undefined}
            style={{ flex: '1 1 180px', minWidth: 0, maxWidth: 320 }}
          />
          <Button
            type="primary"
            disabled={!isFileName(name) || problems === null || problems.length > 0}
            loading={call.running}
            onClick={() => void save()}
          >
            {readOnly ? T.saveCopy : T.save}
          </Button>
          <Button onClick={() => void download()}>{T.download}</Button>
          <Button disabled={problems === null || problems.length > 0} onClick={() => setPreviewing(true)}>
            {T.preview}
          </Button>
          {opened.source === 'saved' && (
            <Button danger onClick={() => void remove()}>
              {T.delete}
            </Button>
          )}
        </Flex>
      </Flex>
      {previewing && (
        <ScenarioPreviewDialog
          name={name || opened.name || T.title}
          text={text}
          onClose={() => setPreviewing(false)}
        />
      )}
    </Card>
  );
}
