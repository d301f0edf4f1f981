import type { Texts } from './watch-i18n.en';

export const texts: Texts = {
  matchWatch: {
    loading: '載入中…',
    headToHead: {
      meetings: '近期交鋒',
      form: '近期戰績',
      wins: '{{team}} 勝',
      draws: '平局',
      noMeetings: '雙方此前未曾交手。',
      unavailable: '本場比賽暫無歷史記錄。',
      atHome: '主場',
      away: '客場',
      result: { W: '勝', D: '平', L: '負' },
      resultName: { W: '勝', D: '平', L: '負' },
    },
    broadcast: {
      title: '直播：{{title}}',
      startsIn: '{{seconds}} 秒後開始',
      underway: '進行中',
      finished: '已結束',
      unavailable: '本場直播暫不可用。',
      goal: '進球！',
      runners: '參賽馬匹',
      runningOrder: '即時名次',
      finishOrder: '衝線名次',
      awaitingResult: '等待正式賽果',
    },
  },
};
