import { LIMITS } from '@reorder/schemas/limits';
import { useTranslation } from '../../lib/i18n.ts';
import { weekdayNames as weekdays } from '../../lib/schedule-format.ts';
import { SelectField } from '../../ui/fields.tsx';
import './ScheduleFields.css';

/** A supplier's schedule as the form holds it: weekday numbers, "HH:MM" or "", and lead days. */
export interface ScheduleValues {
  deliveryDays: number[];
  cutoffTime: string;
  leadDays: number;
}

export const EMPTY_SCHEDULE: ScheduleValues = { deliveryDays: [], cutoffTime: '', leadDays: LIMITS.leadDaysDefault };

/**
 * Delivery days as seven toggles, the cut-off time (the device's time
 * picker: written here, since the form fields take only the text types of
 * docs/product.md §5) and how many days before the delivery it falls
 * (docs/decisions.md §6.2).
 */
export function ScheduleFields({
  value,
  onChange,
  timeZone,
}: {
  value: ScheduleValues;
  onChange: (value: ScheduleValues) => void;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const long = weekdays(i18n.language, 'long');
  const toggle = (day: number) =>
    onChange({
      ...value,
      deliveryDays: value.deliveryDays.includes(day) ? value.deliveryDays.filter((d) => d !== day) : [...value.deliveryDays, day].sort(),
    });
  return (
    <fieldset className="schedule">
      <legend className="schedule__title">{t('suppliers.scheduleTitle')}</legend>
      <p className="field__hint">{t('suppliers.scheduleHint', { timeZone })}</p>
      <fieldset className="field schedule__days-field">
        <legend className="field__label">{t('suppliers.deliveryDays')}</legend>
        <div className="schedule__days">
          {weekdays(i18n.language, 'short').map(({ day, name }) => (
            <button
              key={day}
              type="button"
              className="schedule__day choice"
              aria-pressed={value.deliveryDays.includes(day)}
              onClick={() => toggle(day)}
            >
              <span aria-hidden="true">{name}</span>
              <span className="visually-hidden">{long[day - 1]?.name}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className="schedule__row">
        <div className="field">
          <label className="field__label" htmlFor="field-cutoffTime">
            {t('suppliers.cutoffTime')}
          </label>
          <input
            id="field-cutoffTime"
            name="cutoffTime"
            type="time"
            className="input"
            value={value.cutoffTime}
            aria-describedby="field-cutoffTime-hint"
            onChange={(event) => onChange({ ...value, cutoffTime: event.target.value })}
          />
          <p id="field-cutoffTime-hint" className="field__hint">
            {t('suppliers.cutoffTimeHint')}
          </p>
        </div>
        <SelectField
          id="field-leadDays"
          name="leadDays"
          label={t('suppliers.leadDays')}
          value={String(value.leadDays)}
          onChange={(event) => onChange({ ...value, leadDays: Number(event.target.value) })}
          options={Array.from({ length: LIMITS.leadDaysMax + 1 }, (_, count) => ({
            value: String(count),
            label: count === 0 ? t('suppliers.leadDaysSameDay') : t('suppliers.leadDaysOption', { count }),
          }))}
        />
      </div>
    </fieldset>
  );
}
