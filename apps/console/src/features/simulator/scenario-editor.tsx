import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { useEffect, useMemo, useRef } from 'react';
import type { ScenarioProblem } from '@equipment-dashboard/contract';

export interface ScenarioEditorProps {
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  /** The server's problems of the text: each is marked at its line (a problem without a line at the first). */
  problems: readonly ScenarioProblem[];
  /** The editor's accessible name. */
  label: string;
}

/** A problem as a lint diagnostic over its whole line. */
function diagnosticsOf(view: EditorView, problems: readonly ScenarioProblem[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.map((problem) => {
    const line = doc.line(Math.min(Math.max(problem.line ?? 1, 1), doc.lines));
    return {
      from: line.from,
      to: line.to,
      severity: 'error',
      message: problem.field ? `${problem.field}: ${problem.message}` : problem.message,
    };
  });
}

/**
 * A scenario's YAML in CodeMirror 6: highlighting, line numbers, the server's problems as lint marks at their lines.
 * In its own chunk (the Simulator loads it when the editor shows).
 */
export function ScenarioEditor({ value, onChange, readOnly, problems, label }: ScenarioEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo(
    () => [
      yaml(),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label],
  );
  useEffect(() => {
    const view = editor.current?.view;
    if (view) view.dispatch(setDiagnostics(view.state, diagnosticsOf(view, problems)));
  }, [problems, value]);
  return (
    <CodeMirror
      ref={editor}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      editable={!readOnly}
      extensions={extensions}
      minHeight="240px"
      maxHeight="60vh"
      basicSetup={{ foldGutter: false, highlightActiveLine: !readOnly }}
    />
  );
}

export default ScenarioEditor;
