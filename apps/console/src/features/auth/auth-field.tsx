import { Input } from 'antd';

/**
 * A labelled field of the signed-out forms. These forms are plain <form> elements with antd inputs
 * rather than antd Form: its validation engine, grid and tooltips are a third of the sign-in page's
 * JavaScript, and these forms validate by disabling their button (console-core §5).
 */
export function AuthField({
  id,
  label,
  password = false,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  /** A password field (its text hidden, with the eye to show it). */
  password?: boolean;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const Field = password ? Input.Password : Input;
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}>
        {label}
      </label>
      <Field id={id} {...input} onChange={(event) => onChange(event.target.value)} size="large" />
    </div>
  );
}
