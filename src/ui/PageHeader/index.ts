export { PageHeader, type PageHeaderProps } from './PageHeader';
export { documentTitle, useDocumentTitle } from './use-document-title';
