/** The Customers area's URL and a customer's deep link over the list (issue 12 §3). */
export const CUSTOMERS_PATH = '/admin/customers';
export const customerPath = (id: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(id)}`;
