/** The Pipeline area's URL and a deal's deep link over the board (issue 12 §3). */
export const PIPELINE_PATH = '/admin/pipeline';
export const dealPath = (id: string) => `${PIPELINE_PATH}/deals/${encodeURIComponent(id)}`;
