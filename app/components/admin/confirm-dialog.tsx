/**
 * The one "are you sure?" dialog of the back office (`ConfirmDialogView`), as a piece loaded on demand: the
 * dialog library comes with the first dialog a page opens, not with the page. The server renders it in
 * place, so it works without JavaScript.
 */
import { splitComponent } from "#app/components/admin/split.tsx";

export const ConfirmDialog = splitComponent(() =>
  import("#app/components/admin/confirm-dialog-view.tsx").then((module) => module.ConfirmDialogView),
);
