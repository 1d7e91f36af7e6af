// The certificate dialogs with date fields, loaded together by lazy-dialogs.tsx: one chunk with what they alone
// use (the number and date fields), so that none of it joins the `shared` chunk every screen loads.
export { BulkRenewDialog } from './components/BulkRenewDialog';
export { CertificateFormModal } from './components/CertificateFormModal';
export { RenewDialog } from './components/RenewDialog';
// Number fields only, but the same chunk: the number field is what these dialogs alone use.
export { AmendTermsDialog } from './components/AmendTermsDialog';
