import { getModule } from '@tarang/shared/modules/module-catalogue';
import { useTranslation } from 'react-i18next';
import { useShellRouteHandle } from '@/app/shell-route';
import { StatusPage } from '@/components/errors/status-page';

/** A module page that is not available yet, shown inside the shell with the module's name. */
export default function ModuleComingSoonRoute() {
  const { t } = useTranslation('common');
  const { moduleId, sub } = useShellRouteHandle();
  const module = moduleId ? getModule(moduleId) : undefined;
  const name = module ? t(module.label) : t('status.comingSoon.title');
  const title = sub ? `${name} · ${t(`subPages.${sub}`)}` : name;
  return <StatusPage kind="comingSoon" embedded title={title} />;
}
