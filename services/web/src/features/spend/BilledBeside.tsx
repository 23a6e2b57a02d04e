import { useTranslation } from '../../lib/i18n.ts';

/**
 * What was sent beside what suppliers billed for the same days (docs/decisions.md
 * §9.6: `GET /spend`'s `sent` and `billed`), as a small table of two rows.
 */
export function BilledBeside({
  sent,
  billed,
  money,
  label,
}: {
  sent: number;
  billed: number;
  money: (amount: number) => string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <table className="spend-table spend-billed" aria-label={label}>
      <caption className="visually-hidden">{label}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('spendBilled.sent')}</th>
          <td>{money(sent)}</td>
        </tr>
        <tr>
          <th scope="row">{t('spendBilled.billed')}</th>
          <td>{money(billed)}</td>
        </tr>
      </tbody>
    </table>
  );
}
