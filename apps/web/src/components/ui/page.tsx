import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslationNotice } from './translation-notice';

type TPageProps = {
  /** Shown in the browser tab as "<title> | Tarang". */
  title: string;
  /** The translation namespaces the page uses; a notice shows when one is not fully translated. */
  namespaces: readonly string[];
  children: ReactNode;
};

/** Sets the document title and shows the partial-translation notice when it applies. */
export function Page({ title, namespaces, children }: TPageProps) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);
  return (
    <>
      <TranslationNotice namespaces={namespaces} />
      {children}
    </>
  );
}
