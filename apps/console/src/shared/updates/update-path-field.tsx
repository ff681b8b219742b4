import { Alert, Button, Form, Input, Space, Tooltip } from 'antd';
import {
  CheckCircleFilled,
  CheckCircleOutlined,
  CloseCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { PathState, PathValidation } from './use-path-validation';
import { UPDATE_PATH_TEXTS as T } from './texts';

const ICONS: Record<PathState, { icon: ReactNode; colour: string | undefined }> = {
  unchecked: { icon: <CheckCircleOutlined />, colour: undefined },
  checking: { icon: <LoadingOutlined />, colour: undefined },
  checked: { icon: <CheckCircleFilled />, colour: '#52c41a' },
  error: { icon: <CloseCircleFilled />, colour: '#ff4d4f' },
};

/**
 * The update path with its validate (check) icon (back-office §2.2, §2.3): the icon shows the error,
 * checked or unchecked state; Enter validates too. The MANIFEST_NOT_FOUND text shows below the field.
 */
export function UpdatePathField<M>({
  id,
  validation,
  autoFocus,
}: {
  id: string;
  validation: PathValidation<M>;
  autoFocus?: boolean;
}) {
  const { path, setPath, state, message, validate } = validation;
  const { icon, colour } = ICONS[state];
  const blank = path.trim() === '';
  return (
    <>
      <Form.Item
        label={T.updatePath}
        htmlFor={id}
        validateStatus={state === 'error' ? 'error' : undefined}
        style={{ marginBottom: message ? 8 : 16 }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={id}
            autoFocus={autoFocus}
            value={path}
            placeholder="/updates/..."
            onChange={(event) => setPath(event.target.value)}
            onPressEnter={() => void validate()}
            status={state === 'error' ? 'error' : undefined}
          />
          <Tooltip title={T.validate}>
            <Button
              aria-label={T.validate}
              data-state={state}
              title={T.stateLabel[state]}
              icon={<span style={{ color: colour }}>{icon}</span>}
              disabled={blank || state === 'checking'}
              onClick={() => void validate()}
            />
          </Tooltip>
        </Space.Compact>
      </Form.Item>
      {message && (
        <Alert
          type="error"
          showIcon
          role="alert"
          // pre-wrap: the spec's MANIFEST_NOT_FOUND text has two spaces after its first sentence.
          title={<span style={{ whiteSpace: 'pre-wrap' }}>{message}</span>}
          style={{ marginBottom: 16 }}
        />
      )}
    </>
  );
}
