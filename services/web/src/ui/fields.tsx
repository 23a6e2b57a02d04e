import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { Icon } from './Icon.tsx';
import './fields.css';

/** Input types the forms may use (docs/product.md §5). */
export type TextInputType = 'date' | 'email' | 'number' | 'password' | 'search' | 'tel' | 'text' | 'url';

/** An option of a select: value, label and icon (docs/product.md §3). */
export interface Option {
  value: string;
  label: string;
  icon?: string;
}

interface FieldBase {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  ref?: Ref<HTMLElement> | ((element: HTMLElement | null) => void);
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: (event: React.FocusEvent) => void;
  onFocus?: () => void;
  onKeyUp?: () => void;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <label className="field__label" htmlFor={id}>
      {label}
      {required ? (
        <span className="field__required" title={t('app.required')}>
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode, counter?: boolean) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : '', counter ? `${id}-counter` : ''].filter(Boolean).join(' ') || undefined;
}

/** What every control (input, textarea, select) of a field carries: value, events, and its ARIA state. */
function controlProps(field: FieldBase, counter = false) {
  return {
    id: field.id,
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    onFocus: field.onFocus,
    onKeyUp: field.onKeyUp,
    required: field.required,
    'aria-required': field.required || undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy(field.id, field.error, field.hint, counter),
  };
}

function Messages({ id, error, hint, counter }: { id: string; error?: string | undefined; hint?: ReactNode; counter?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {counter}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  inputMode,
  ...field
}: FieldBase & {
  type?: TextInputType;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text' | 'url' | 'search';
}) {
  return (
    <div className={`field ${field.error ? 'field--invalid' : ''}`}>
      <Label id={field.id} label={field.label} required={field.required} />
      <input
        {...controlProps(field)}
        ref={field.ref as Ref<HTMLInputElement>}
        className="input"
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
      />
      <Messages id={field.id} error={field.error} hint={field.hint} />
    </div>
  );
}

/** An email address: the right keyboard on phones and the browser's autofill. */
export function EmailField(props: Omit<Parameters<typeof TextField>[0], 'type' | 'autoComplete' | 'inputMode'>) {
  return <TextField {...props} type="email" autoComplete="email" inputMode="email" />;
}

/** A password: a new one (the browser may suggest one) or the current one (the browser may fill it in). */
export function PasswordField({
  purpose,
  ...props
}: Omit<Parameters<typeof TextField>[0], 'type' | 'autoComplete' | 'inputMode'> & { purpose: 'new' | 'current' }) {
  return <TextField {...props} type="password" autoComplete={`${purpose}-password`} />;
}

/** A yes/no choice, with its label beside the box. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" className="checkbox-field__box" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A multi-line text with a live "N / max characters used" counter. */
export function TextArea({
  max,
  rows = 4,
  placeholder,
  showCounter = true,
  ...field
}: FieldBase & { max: number; rows?: number; placeholder?: string /** False while folded to one line. */; showCounter?: boolean }) {
  const { t } = useTranslation();
  const count = [...field.value].length;
  const counter = (
    <p id={`${field.id}-counter`} className={`field__counter ${count > max ? 'field__counter--over' : ''}`} aria-live="polite">
      {t('app.charactersUsed', { used: count, max })}
    </p>
  );
  return (
    <div className={`field ${field.error ? 'field--invalid' : ''}`}>
      <Label id={field.id} label={field.label} required={field.required} />
      <textarea
        {...controlProps(field, showCounter)}
        ref={field.ref as Ref<HTMLTextAreaElement>}
        className={`input input--area ${rows === 1 ? 'input--area-line' : ''}`}
        rows={rows}
        placeholder={placeholder}
      />
      <Messages id={field.id} error={field.error} hint={field.hint} counter={showCounter ? counter : undefined} />
    </div>
  );
}

export function SelectField({ options, ...field }: FieldBase & { options: Option[] }) {
  return (
    <div className={`field ${field.error ? 'field--invalid' : ''}`}>
      <Label id={field.id} label={field.label} required={field.required} />
      <select {...controlProps(field)} ref={field.ref as Ref<HTMLSelectElement>} className="input input--select">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.icon ? `${o.icon} ` : ''}
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={field.id} error={field.error} hint={field.hint} />
    </div>
  );
}

/** A select without a visible label, inside a row that names what it is for (a member's role). */
export function CompactSelect({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      className="input input--select input--compact"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The search box of lists: `type="search"`, labelled, with the query in the URL's `q`. */
export function SearchField({
  label,
  value,
  onChange,
  id,
  keyHint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  id?: string;
  /** A key that focuses the field from anywhere on the screen (`/`), shown to assistive technology. */
  keyHint?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="search">
      <span className="search__icon">
        <Icon name="search" size={18} />
      </span>
      <input
        id={id}
        className="input search__input"
        type="search"
        aria-label={label}
        aria-keyshortcuts={keyHint ?? '/'}
        title={t('nav.keys.searchTip')}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A value to copy (a secret shown once): read-only, monospace, all of it selected on focus. */
export function CodeField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="field">
      <Label id={id} label={label} />
      <input id={id} className="input input--code" readOnly value={value} onFocus={(e) => e.target.select()} />
    </div>
  );
}
