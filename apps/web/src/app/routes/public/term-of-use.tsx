import { LegalPage } from '@/components/layouts/legal-page';

/** /public/term-of-use (opened in a new tab from the sign-in page and the footer). */
export default function TermOfUseRoute() {
  return <LegalPage document="termsOfUse" />;
}
