import { DIALOG_WIDTHS, RADAR_LIST_HEIGHT_PX } from './layout';

describe('screen layout', () => {
  it('when the sizes are read, then they are the spec values', () => {
    // console-core §9: radar 600px; back-office §9: chat detail dialog at most 1000px, spec dialog 600px
    expect(RADAR_LIST_HEIGHT_PX).toBe(600);
    expect(DIALOG_WIDTHS).toEqual({ chatDetailMax: 1000, specDialog: 600 });
  });
});
