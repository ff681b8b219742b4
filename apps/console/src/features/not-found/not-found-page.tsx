import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { NOT_FOUND_TEXTS } from './texts';

/** An unknown path. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={NOT_FOUND_TEXTS.title}
      subTitle={NOT_FOUND_TEXTS.body(pathname)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {NOT_FOUND_TEXTS.home}
        </Button>
      }
    />
  );
}
