import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';

/** Placeholder: replaced by the real page. */
export default function PressPage() {
  return <PublicLayout>{null}</PublicLayout>;
}
