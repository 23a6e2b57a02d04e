import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ButtonRow, Hint } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useExportData } from './api.ts';

/** Saves text as a file the browser downloads, under the given name. */
function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The owner's data (docs/decisions.md §7, the privacy policy's access, portability
 * and erasure): a copy of everything as a JSON file, and the way to delete
 * the account.
 */
export function DataCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const exportData = useExportData();
  const username = useSession()?.user.username ?? 'account';
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await exportData();
      saveFile(`reorder-${username}-${data.exportedAt.slice(0, 10)}.json`, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      toast.success(t('profile.downloadReady'));
    } catch {
      toast.error(t('profile.downloadError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('profile.dataTitle')}>
      <Hint>{t('profile.dataIntro')}</Hint>
      <ButtonRow>
        <Button variant="secondary" busy={busy} onClick={download}>
          {t('profile.download')}
        </Button>
        <LinkButton href={href('profile.delete')} variant="danger">
          {t('profile.deleteAccount')}
        </LinkButton>
      </ButtonRow>
    </Card>
  );
}
