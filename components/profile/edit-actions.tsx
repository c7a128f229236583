"use client";

import type { ReactNode } from "react";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { Button } from "@/components/ui/button";

const t = profileMessages;

type Props = {
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** Shown before 'Editar' when not editing (e.g. the dialog's 'Fechar'). */
  idleExtra?: ReactNode;
  className?: string;
};

// The spec's edit row shared by the 'Perfil' panel and the office/address dialog: 'Editar' while
// reading; 'Cancelar' and 'Salver' (spelt so) while editing. 'Salver' submits the surrounding form.
export function EditActions({ editing, saving, onEdit, onCancel, idleExtra, className }: Props) {
  return (
    <div className={`flex justify-end gap-1 ${className ?? ""}`}>
      {editing ? (
        <>
          <Button key="cancel" variant="secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button key="save" type="submit" loading={saving}>
            {t.save}
          </Button>
        </>
      ) : (
        <>
          {idleExtra}
          <Button key="edit" variant={idleExtra ? "primary" : "secondary"} onClick={onEdit}>
            {t.edit}
          </Button>
        </>
      )}
    </div>
  );
}
