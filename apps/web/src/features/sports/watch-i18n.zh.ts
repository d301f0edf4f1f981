import type { Texts } from './watch-i18n.en';

export const texts: Texts = {
  matchWatch: {
    loading: '加载中…',
    headToHead: {
      meetings: '近期交锋',
      form: '近期战绩',
      wins: '{{team}} 胜',
      draws: '平局',
      noMeetings: '双方此前未曾交手。',
      unavailable: '本场比赛暂无历史记录。',
      atHome: '主场',
      away: '客场',
      result: { W: '胜', D: '平', L: '负' },
      resultName: { W: '胜', D: '平', L: '负' },
    },
    broadcast: {
      title: '直播：{{title}}',
      startsIn: '{{seconds}} 秒后开始',
      underway: '进行中',
      finished: '已结束',
      unavailable: '本场直播暂不可用。',
      goal: '进球！',
      runners: '参赛马匹',
      runningOrder: '实时名次',
      finishOrder: '冲线名次',
      awaitingResult: '等待正式赛果',
    },
  },
};
