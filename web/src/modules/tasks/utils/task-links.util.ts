/** The Task Manager's URL. */
export const TASKS_PATH = '/admin/tasks';

/** A task's deep link: opens its Edit Task dialog over the list. */
export const taskPath = (id: string) => `${TASKS_PATH}/${encodeURIComponent(id)}`;
