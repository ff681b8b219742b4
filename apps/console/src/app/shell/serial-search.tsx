import { Button, Input } from 'antd';
import { CloseOutlined, HourglassOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLazyReadAlignerQuery } from '@equipment-dashboard/api-client';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { useAppDispatch, useAppSelector } from '../store';
import { SHELL_TEXTS } from '../texts';

/**
 * The serial search of the top bar (console-core §2, §5, §8): Enter or the icon searches; nothing
 * happens while a search runs or when the box is empty; the serial is upper-cased before it is sent.
 * A found unit opens on the equipment screen; any failure shows 'Serial number {SERIAL} not found.'.
 * `compact` (a phone): a search icon that opens the search over the whole top bar, closed again after a
 * search that found its unit, by its close button or by Escape.
 */
export function SerialSearch({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Closed: the keyboard's place goes back to the icon that opened it.
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  // A ref, not state: two presses in the same tick must not both start a search.
  const running = useRef(false);
  const [readAligner] = useLazyReadAlignerQuery();
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const search = async () => {
    const serial = text.trim().toUpperCase();
    if (running.current || serial === '' || !user) return;
    running.current = true;
    setSearching(true);
    setText(serial);
    try {
      await readAligner({ serialNumber: serial, username: user.username }).unwrap();
      navigate(`/Aligners?serial=${encodeURIComponent(serial)}`);
      setOpen(false);
    } catch {
      dispatch(snackbarShown(SHELL_TEXTS.serialNotFound(serial)));
    } finally {
      running.current = false;
      setSearching(false);
    }
  };

  const field = (
    <Input
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => void search()}
      onKeyDown={compact ? (event) => event.key === 'Escape' && setOpen(false) : undefined}
      placeholder={SHELL_TEXTS.searchPlaceholder}
      aria-label={SHELL_TEXTS.searchPlaceholder}
      aria-busy={searching || undefined}
      allowClear={!searching}
      autoFocus={compact}
      style={compact ? { flex: 1, minWidth: 0 } : { width: 320, maxWidth: '40vw' }}
      suffix={
        <Button
          type="text"
          size="small"
          aria-label={searching ? SHELL_TEXTS.searching : SHELL_TEXTS.search}
          icon={searching ? <HourglassOutlined /> : <SearchOutlined />}
          onClick={() => void search()}
          style={{ marginInlineEnd: -6 }}
        />
      }
    />
  );
  if (!compact) return field;
  if (!open)
    return (
      <Button
        ref={opener}
        type="text"
        icon={<SearchOutlined />}
        aria-label={SHELL_TEXTS.search}
        aria-expanded={false}
        onClick={() => setOpen(true)}
      />
    );
  return (
    <div role="search" className="top-bar-search">
      {field}
      <Button
        type="text"
        icon={<CloseOutlined />}
        aria-label={SHELL_TEXTS.closeSearch}
        onClick={() => setOpen(false)}
      />
    </div>
  );
}
