import { Button, Input } from 'antd';
import { HourglassOutlined, SearchOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
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
 */
export function SerialSearch() {
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
    } catch {
      dispatch(snackbarShown(SHELL_TEXTS.serialNotFound(serial)));
    } finally {
      running.current = false;
      setSearching(false);
    }
  };

  return (
    <Input
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => void search()}
      placeholder={SHELL_TEXTS.searchPlaceholder}
      aria-label={SHELL_TEXTS.searchPlaceholder}
      aria-busy={searching || undefined}
      allowClear={!searching}
      style={{ width: 320, maxWidth: '40vw' }}
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
}
