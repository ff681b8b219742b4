import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';

/** How long a typed filter waits before it asks the server: one call per word, not per keystroke. */
export const FILTER_PAUSE_MS = 300;

/**
 * A text filter of a server-paged list: its label is the placeholder and the accessible name. It follows
 * each keystroke on screen and hands the trimmed text on once typing pauses (one call per word, not per
 * keystroke); it follows `value` when that changes elsewhere (back button, another tab, a link).
 */
export function FilterInput({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      commit.current(trimmed);
    }, FILTER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Input
      aria-label={label}
      placeholder={label}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={{ width: 280, maxWidth: '100%' }}
    />
  );
}
