import './Chips.css';

/**
 * One-tap choices for a field (the units a product is sold in): a group of
 * small buttons; the one equal to `value` is marked pressed.
 */
export function Chips({
  label,
  options,
  value,
  onPick,
  keepFocus = false,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onPick: (option: string) => void;
  /** A tap leaves the focus in the field being written (which shows these choices only while it has it). */
  keepFocus?: boolean;
}) {
  return (
    <fieldset className="chips">
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="chips__chip choice"
          aria-pressed={option.toLowerCase() === value.trim().toLowerCase()}
          onMouseDown={keepFocus ? (event) => event.preventDefault() : undefined}
          onClick={() => onPick(option)}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}
