/**
 * The invoice area's texts (locales/invoice/*.json: the invoice page, and the PDF's and the
 * mail's labels the server reads) pass the area catalogue checks.
 */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { INVOICE_MESSAGES } from '@/components/invoice/i18n';

const area = {
  name: 'invoice catalogues',
  prefix: 'invoice',
  messages: INVOICE_MESSAGES,
  sources: sourcesIn('src/components/invoice', 'src/pages/expense/invoice', 'server/modules/invoices'),
  atLeast: 60,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the page and the PDF', () => {
    expect(usedKeys(area).has('invoice.form.taxNumber')).toBe(true);
    expect(usedKeys(area).has('invoice.pdf.buyer')).toBe(true);
  });
});
