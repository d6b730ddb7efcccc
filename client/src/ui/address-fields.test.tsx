import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { addressLines } from "../lib/names.ts";
import { renderWithProviders } from "../test/render.tsx";
import { AddressFields, type AddressValues, addressForForm, emptyAddress } from "./address-fields.tsx";

function Form({ locale, initial }: { locale: string; initial?: AddressValues }) {
  const [values, setValues] = useState<AddressValues>(initial ?? emptyAddress(locale));
  return (
    <form>
      <AddressFields
        values={values}
        onChange={(name, v) => setValues((a) => ({ ...a, [name]: v }))}
        error={() => null}
        label={(name) => name}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </form>
  );
}
const current = () => JSON.parse(screen.getByTestId("values").textContent ?? "{}") as AddressValues;
const optionTexts = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((o) => o.textContent);

describe("the address fields know the countries the store ships to", () => {
  it("English pages: the United States chosen, countries named in English, the states as a list", () => {
    renderWithProviders(<Form locale="en-US" />, { locale: "en-US" });
    const country = screen.getByLabelText("country") as HTMLSelectElement;
    expect(country.tagName).toBe("SELECT");
    expect(country.value).toBe("US");
    expect(optionTexts(country)).toContain("Japan");
    const state = screen.getByLabelText("province") as HTMLSelectElement;
    expect(state.tagName).toBe("SELECT");
    expect(optionTexts(state)).toContain("California");
    expect(screen.getByText("5 digits, or ZIP+4 (94105-1234)")).toBeTruthy();
  });

  it("Japanese pages: Japan chosen, the 47 prefectures in Japanese; another country's province is typed", () => {
    renderWithProviders(<Form locale="ja-JP" />, { locale: "ja-JP" });
    const country = screen.getByLabelText("country") as HTMLSelectElement;
    expect(country.value).toBe("JP");
    expect(optionTexts(country)).toContain("アメリカ合衆国");
    const prefecture = screen.getByLabelText("province") as HTMLSelectElement;
    // The placeholder and the 47 prefectures.
    expect(prefecture.options).toHaveLength(48);
    expect(optionTexts(prefecture)).toContain("東京都");
    fireEvent.change(prefecture, { target: { value: "Tokyo" } });
    expect(current().province).toBe("Tokyo");
    // Another country: the prefecture does not carry over, the province is a text field.
    fireEvent.change(country, { target: { value: "GB" } });
    expect(current()).toMatchObject({ country: "GB", province: "" });
    expect((screen.getByLabelText("province") as HTMLElement).tagName).toBe("INPUT");
  });

  it("a stored address with a country typed before the lists opens on its country, an unknown one to be chosen", () => {
    const old = { ...emptyAddress("en-US"), country: "United States", province: "California" };
    expect(addressForForm("en-US", old)).toMatchObject({ country: "US", province: "CA" });
    expect(addressForForm("en-US", { ...old, country: "Untied States" }).country).toBe("");
  });

  it("an address is shown by its country, not the page's language", () => {
    const us = {
      name: "Ada Lovelace",
      address1: "500 Howard Street",
      city: "San Francisco",
      province: "CA",
      zip: "94105",
      country: "US",
    };
    expect(addressLines("ja-JP", us)).toEqual([
      "Ada Lovelace",
      "500 Howard Street",
      "San Francisco, CA 94105",
      "アメリカ合衆国",
    ]);
    // A country stored as typed before the list is kept as it was.
    expect(addressLines("en-US", { ...us, country: "Atlantis" }).at(-1)).toBe("Atlantis");
  });
});
