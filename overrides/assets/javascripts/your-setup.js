// "Your setup" (sitegen/your_setup.py): without JavaScript a table of every measured combination. This adds a
// list per picking column (the first data-picked columns; each list named by its column's header) and shows
// only the row that matches them. A list offers only what is measured with the choices before it, so one row
// always matches. On a page without the table it does nothing.
(() => {
  for (const picker of document.querySelectorAll(".your-setup-picker")) {
    const table = picker.closest(".your-setup")?.querySelector("table");
    if (!table) continue;
    const count = Number(picker.dataset.picked) || 0;
    const names = [...table.querySelectorAll("thead th")].slice(0, count).map((th) => th.textContent.trim());
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) => ({
      tr, keys: [...tr.cells].slice(0, count).map((td) => td.textContent.trim()),
    }));
    if (!rows.length || names.length !== count) continue;
    const selects = names.map((name, n) => {
      const select = document.createElement("select");
      const label = document.createElement("label");
      select.id = `your-setup-${n}`;
      label.htmlFor = select.id;
      label.textContent = name;
      const field = document.createElement("span");
      field.className = "your-setup-field";
      field.append(label, select);
      picker.append(field);
      return select;
    });
    const update = (from) => {
      for (let n = from; n < count; n += 1) { // each list: what is measured with the choices before it
        const fits = rows.filter((row) => selects.slice(0, n).every((s, m) => row.keys[m] === s.value));
        const values = [...new Set(fits.map((row) => row.keys[n]))];
        const kept = values.includes(selects[n].value) ? selects[n].value : values[0];
        selects[n].replaceChildren(...values.map((value) => new Option(value, value)));
        selects[n].value = kept;
      }
      for (const row of rows) row.tr.hidden = !selects.every((s, n) => row.keys[n] === s.value);
    };
    selects.forEach((select, n) => select.addEventListener("change", () => update(n + 1)));
    update(0);
    picker.hidden = false;
    table.closest(".your-setup").classList.add("picked");
  }
})();
