"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useOffice, useOrganizationLogo, useOwnClient, useSaveOrganization } from "@/lib/api/offices";
import { profileMessages } from "@/lib/i18n/sections/profile";
import { shellMessages } from "@/lib/i18n/sections/shell";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Dialog, DialogTitle } from "@/components/ui/dialog";
import { EditActions } from "./edit-actions";
import { FormTextField } from "@/components/ui/form-text-field";
import {
  officeBody,
  officeFields,
  officeSchema,
  officeValues,
  type OfficeKind,
  type OfficeOutput,
  type OfficeSource,
  type OfficeValues,
} from "./office-form";
import { PhotoEditor } from "./photo-editor";
import { RetentionPolicy } from "@/components/privacy/retention-policy";
import { useEditForm } from "./use-edit-form";

const t = profileMessages;

export const officeLabel = (kind: OfficeKind) =>
  kind === "accounting" ? t.officeAccounting : kind === "juridicPerson" ? t.officeJuridic : t.officeIndividual;

type OfficeDialogProps = { kind: OfficeKind; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Escritório' / 'Empresa' / 'Endereço' (spec §2): logo and data of the office or own company. */
export function OfficeDialog({ kind, open, onOpenChange }: OfficeDialogProps) {
  const accounting = kind === "accounting";
  const office = useOffice(open && accounting);
  const client = useOwnClient(open && !accounting);
  const source: (OfficeSource & { pictureUrl: string | null }) | undefined = accounting
    ? office.data
    : client.data?.person;
  const failure = accounting ? office.error : client.error;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="xl">
      <DialogTitle className="text-[24px] font-bold leading-tight">{officeLabel(kind)}</DialogTitle>
      {source ? (
        <>
          <OfficeForm kind={kind} source={source} onDone={() => onOpenChange(false)} />
          {accounting ? <RetentionPolicy enabled={open} /> : null}
        </>
      ) : failure ? (
        <p role="alert" className="text-danger">
          {failure.message}
        </p>
      ) : (
        <Spinner className="mx-auto my-4 size-4 text-primary" />
      )}
    </Dialog>
  );
}

function OfficeForm({
  kind,
  source,
  onDone,
}: {
  kind: OfficeKind;
  source: OfficeSource & { pictureUrl: string | null };
  onDone: () => void;
}) {
  const organization = kind === "accounting" ? "accounting" : "client";
  const { form, editing, start, cancel, finish } = useEditForm<OfficeValues, OfficeOutput>(
    officeValues(source, kind),
    zodResolver(officeSchema(kind)),
  );
  const save = useSaveOrganization(organization);
  const logo = useOrganizationLogo(organization);

  async function submit(checked: OfficeOutput) {
    await save.mutateAsync(officeBody(checked, kind, source)).then(finish, () => undefined);
  }

  // Keyed buttons: 'Editar' must not become the 'Salver' submit button during its own click.
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-2">
      <PhotoEditor
        name={source.name}
        pictureUrl={source.pictureUrl}
        onSave={(dataUrl) => logo.mutateAsync(dataUrl)}
        className="size-10"
      />
      <div className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
        {officeFields(kind).map(({ key, label, mask }) => (
          <FormTextField compact key={key} form={form} name={key} mask={mask} label={label} readOnly={!editing} />
        ))}
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-danger">
          {save.error.message}
        </p>
      ) : null}
      <EditActions
        editing={editing}
        saving={save.isPending}
        onEdit={start}
        onCancel={() => (cancel(), save.reset())}
        idleExtra={
          <Button key="close" variant="secondary" onClick={onDone}>
            {shellMessages.close}
          </Button>
        }
      />
    </form>
  );
}
