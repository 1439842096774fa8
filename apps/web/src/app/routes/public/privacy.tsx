import { LegalPage } from '@/components/layouts/legal-page';

/** /public/privacy (opened in a new tab from the footer). */
export default function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}
